import { AUDIT_EVENT_TYPES, type AuditEvent } from '@daybook/shared';
import { AUDIT_EVENT_LABELS, auditDetail, instantLabel } from './auditLabels';

const event = (type: AuditEvent['type'], details: AuditEvent['details'] = {}): AuditEvent => ({
  id: '00000000-0000-4000-8000-000000000001',
  type,
  at: '2026-03-05T20:04:00.000Z',
  lastAt: '2026-03-05T20:04:00.000Z',
  count: 1,
  userId: null,
  username: 'anna',
  actorUsername: null,
  address: '203.0.113.7',
  device: 'Firefox 120 on Windows 10',
  details,
});

describe('audit labels', () => {
  it('names every event type', () => {
    for (const type of AUDIT_EVENT_TYPES) expect(AUDIT_EVENT_LABELS[type]).toMatch(/\w/);
  });

  it('puts an event’s facts in words', () => {
    expect(auditDetail(event('sign_in_failed', { reason: 'throttled' }))).toBe('too many attempts');
    expect(auditDetail(event('api_token_used', { token: 'Backup script' }))).toBe('Backup script');
    expect(auditDetail(event('share_link_answered', { contact: 'Bruno', task: 'Lease', answer: 'comment' }))).toBe('Bruno · Lease · commented');
    expect(auditDetail(event('other_sessions_ended', { count: 1 }))).toBe('1 session');
    expect(auditDetail(event('session_ended', { device: 'Safari 17 on iOS 17.1', thisDevice: true }))).toBe('Safari 17 on iOS 17.1 · this device');
    expect(auditDetail(event('admin_user_changed', { fields: 'role', role: 'admin' }))).toBe('role admin');
    expect(auditDetail(event('second_factor_requirement_changed', { required: 'everyone' }))).toBe('required of everyone');
    expect(auditDetail(event('sign_in'))).toBeNull();
  });

  it('tells the instant on the reader’s clock', () => {
    expect(instantLabel('2026-03-05T20:04:00.000Z', 'America/New_York')).toBe('Mar 5, 2026, 3:04 PM');
  });
});
