import 'server-only';

/** What a failure sentence may name: never the keys. */
export interface S3Place {
  endpoint?: string;
  region: string;
  bucket: string;
}

/** The server cannot be reached at all (Node's network error codes). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** TLS failures: the endpoint answers, but its certificate is not trusted. */
const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The store refused who we are or what we may do. */
const CREDENTIAL_NAMES = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'Forbidden',
  'InvalidToken',
  'ExpiredToken',
  'InvalidSecurity',
  'AuthorizationHeaderMalformed',
]);

/** The bucket lives in another region than S3_REGION says. */
const REGION_NAMES = new Set(['PermanentRedirect', 'IllegalLocationConstraintException', 'MovedPermanently']);

interface FailureFacts {
  name: string;
  code: string | undefined;
  status: number | undefined;
  message: string;
}

function factsOf(error: unknown): FailureFacts {
  const value = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    cause?: { code?: unknown };
    errors?: Array<{ code?: unknown }>;
    $metadata?: { httpStatusCode?: unknown };
  };
  // Node reports a failed connection to every address of a host as an AggregateError.
  const code = [value.code, value.cause?.code, value.errors?.[0]?.code].find((c) => typeof c === 'string');
  const status = value.$metadata?.httpStatusCode;
  return {
    name: typeof value.name === 'string' && value.name !== '' ? value.name : 'Error',
    code: code as string | undefined,
    status: typeof status === 'number' ? status : undefined,
    message: typeof value.message === 'string' ? value.message : '',
  };
}

/** The endpoint as a sentence may show it: scheme and host only (no user info, no query). */
export function describeEndpoint(place: S3Place): string {
  if (!place.endpoint) return `AWS S3 (${place.region})`;
  try {
    const url = new URL(place.endpoint);
    return `${url.protocol}//${url.host}`;
  } catch {
    return 'the configured endpoint';
  }
}

/** Whether the failure says the object is absent (not the bucket). */
export function isMissingObject(error: unknown): boolean {
  const { name, status } = factsOf(error);
  return name === 'NoSuchKey' || name === 'NotFound' || (status === 404 && name !== 'NoSuchBucket');
}

/**
 * One sentence saying what went wrong with the S3 store and which setting to check: the endpoint
 * (unreachable, untrusted), the bucket (missing), the region (a redirect), the keys (refused), or,
 * for anything else, the error's name. It names the endpoint, region and bucket, never the keys.
 */
export function describeS3Failure(error: unknown, place: S3Place): string {
  const { name, code, status, message } = factsOf(error);
  const endpoint = describeEndpoint(place);
  const bucket = `"${place.bucket}"`;
  if ((code && UNREACHABLE_CODES.has(code)) || name === 'TimeoutError') {
    return `The S3 endpoint ${endpoint} cannot be reached (${code ?? name}): check S3_ENDPOINT.`;
  }
  if (code && CERTIFICATE_CODES.has(code)) {
    return `The S3 endpoint ${endpoint} presented a certificate that is not trusted (${code}): check S3_ENDPOINT.`;
  }
  if (name === 'NoSuchBucket') {
    return `The S3 bucket ${bucket} does not exist at ${endpoint} (NoSuchBucket): check S3_BUCKET.`;
  }
  const aboutRegion = name === 'AuthorizationHeaderMalformed' && /region/i.test(message);
  if (REGION_NAMES.has(name) || aboutRegion || status === 301) {
    return `The S3 bucket ${bucket} is not in the region ${place.region} (${name}): check S3_REGION.`;
  }
  if (CREDENTIAL_NAMES.has(name) || status === 403) {
    return (
      `The S3 store refused access to the bucket ${bucket} (${name}): check S3_ACCESS_KEY_ID and ` +
      'S3_SECRET_ACCESS_KEY, or the bucket policy.'
    );
  }
  if (name === 'CredentialsProviderError') {
    return 'No S3 credentials were found (CredentialsProviderError): set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.';
  }
  const http = status === undefined ? '' : `, HTTP ${status}`;
  return `The S3 store at ${endpoint} failed for the bucket ${bucket} (${name}${http}): check S3_ENDPOINT, S3_BUCKET and S3_REGION.`;
}
