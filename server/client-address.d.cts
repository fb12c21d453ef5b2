/** Types for client-address.cjs (plain CommonJS so that `node --require` can load it). */
export declare const MARKER: unique symbol;
export declare function parseTrustedHops(value: string | undefined): number;
export declare function normaliseAddress(address: string | undefined): string;
export declare function resolveClientAddress(
  forwardedFor: string | string[] | undefined,
  socketAddress: string | undefined,
  trustedHops: number,
): string;
