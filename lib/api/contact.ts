import type { ContactInput } from '@/lib/validation/contact';
import { postJson } from './http';

export interface ContactResponse {
  message: string;
}

/** POST /api/contact: the landing page's Contact Us form. Anonymous, so no token is sent. */
export function sendContactMessage(input: ContactInput): Promise<ContactResponse> {
  return postJson<ContactResponse>('/api/contact', input, { auth: false });
}
