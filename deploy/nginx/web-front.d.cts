// Types of deploy/nginx/web-front.cjs, for TypeScript callers (deploy tests).
export declare const APP_CSP: string;
export type PathKind = 'api' | 'share' | 'asset' | 'page';
export declare const PATH_KINDS: ReadonlyArray<{ kind: Exclude<PathKind, 'page'>; pattern: string; caseless: boolean }>;
export interface PageHeader {
  name: string;
  /** Everywhere but where a kind of address has its own. */
  value: string;
  share?: string;
  asset?: string;
  /** false: only on successful answers. */
  always?: boolean;
}
export declare const PAGE_HEADERS: readonly PageHeader[];
export declare const SECRET_ADDRESSES: readonly string[];
export declare const MASK: string;
export declare function pathKind(requestUri: string): PathKind;
export declare function frontHeaders(requestUri: string, status?: number): Record<string, string>;
export declare function maskSecrets(address: string): string;
export declare function nginxHttpBlock(): string;
export declare function nginxServerBlock(): string;
export declare function withGeneratedBlocks(template: string): string;
