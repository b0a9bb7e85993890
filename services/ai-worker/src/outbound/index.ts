/**
 * The one outbound door (DECISIONS 46), for the worker and the api alike: build one door from
 * OUTBOUND_ALLOW, then `door.send(url, { method, body, maxRedirects, maxResponseBytes })` for any request to
 * an address a user typed, and `door.checkAddress(url)` when such an address is saved.
 */
export { COULD_NOT_CONNECT, createOutboundDoor, DEFAULT_OUTBOUND_TIMEOUT_MS, OutboundError, type OutboundDoor, type OutboundDoorOptions, type OutboundRequest, type OutboundResponse, type Resolve } from './door';
export { outboundAllowSchema, parseOutboundAllow, refusalOf, specialUseOf, type OutboundAllowList } from './address-policy';
