'use client';

import { Send } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FIELD_INPUT } from '@/components/ui/styles';
import { TextField } from '@/components/ui/text-field';
import { sendContactMessage } from '@/lib/api/contact';
import { ApiError } from '@/lib/api/http';
import { cn } from '@/lib/cn';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_SUCCESS_MESSAGE } from '@/lib/validation/contact-limits';
import type { ContactField, ContactInput } from '@/lib/validation/contact';

const CONTACT_FAILURE_MESSAGE = 'Could not send your message. Please try again.';

const EMPTY: ContactInput = { name: '', email: '', message: '' };
const FIELDS: readonly ContactField[] = ['name', 'email', 'message'];

type Status = { tone: 'error' | 'success'; text: string } | null;

function isContactField(value: unknown): value is ContactField {
  return FIELDS.includes(value as ContactField);
}

/** The field a 400 from the server is about (its first issue's path), when it names one. */
function fieldOfServerError(error: ApiError): ContactField | null {
  const issues = (error.body as { issues?: { path?: unknown }[] } | undefined)?.issues;
  const path = Array.isArray(issues) ? issues[0]?.path : undefined;
  return isContactField(path) ? path : null;
}

/** What to tell the user when sending failed: the server's own message where it gave one. */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.kind !== 'http') return CONTACT_FAILURE_MESSAGE;
  const serverMessage = (error.body as { message?: unknown } | undefined)?.message;
  // A 5xx says "Internal server error": not something a visitor can act on.
  if (typeof serverMessage !== 'string' || serverMessage === '' || (error.status ?? 500) >= 500) {
    return CONTACT_FAILURE_MESSAGE;
  }
  return serverMessage;
}

const COUNT_FORMAT = new Intl.NumberFormat('en-US');

type SchemaModule = typeof import('@/lib/validation/contact');
let schemaModule: Promise<SchemaModule> | undefined;

/**
 * The shared schema, and zod with it (about 30 kB gzipped, more than the rest of this page's own
 * code), is fetched when the visitor first reaches the form rather than with the page.
 */
function loadContactSchema(): Promise<SchemaModule> {
  schemaModule ??= import('@/lib/validation/contact').catch((error: unknown) => {
    schemaModule = undefined; // let the next attempt try again
    throw error;
  });
  return schemaModule;
}

/**
 * Spec §2 Contact Us: Your Name, Your Email, Your Message and Send Message. Checked with the
 * API's own schema before sending (the first problem is shown and its field focused); what was
 * typed is only cleared once the server has accepted it.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactInput>(EMPTY);
  const [invalidField, setInvalidField] = useState<ContactField | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  // Set at once (state updates land a render later): a second submit while one is under way is ignored.
  const submitting = useRef(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const alertId = useId();
  const messageId = useId();
  const counterId = `${messageId}-count`;

  const focusField = (field: ContactField) =>
    ({ name: nameRef, email: emailRef, message: messageRef })[field].current?.focus();

  const describedBy = (field: ContactField, ...others: string[]) =>
    cn(invalidField === field && status?.tone === 'error' && alertId, ...others) || undefined;

  function update(field: ContactField) {
    return (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
      // Editing the field a problem was about, or starting a new message, retires the old notice.
      if (field === invalidField) {
        setInvalidField(null);
        setStatus(null);
      } else if (status?.tone === 'success') {
        setStatus(null);
      }
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      await validateAndSend();
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  }

  async function validateAndSend() {
    let schema: SchemaModule['contactSchema'];
    try {
      ({ contactSchema: schema } = await loadContactSchema());
    } catch {
      setInvalidField(null);
      setStatus({ tone: 'error', text: CONTACT_FAILURE_MESSAGE });
      return;
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = isContactField(issue?.path[0]) ? issue.path[0] : 'name';
      setInvalidField(field);
      setStatus({ tone: 'error', text: issue?.message ?? CONTACT_FAILURE_MESSAGE });
      focusField(field);
      return;
    }
    setInvalidField(null);
    setStatus(null);
    setBusy(true);
    try {
      const response = await sendContactMessage(parsed.data);
      setValues(EMPTY);
      setStatus({ tone: 'success', text: response?.message || CONTACT_SUCCESS_MESSAGE });
    } catch (error) {
      const field = error instanceof ApiError && error.status === 400 ? fieldOfServerError(error) : null;
      setInvalidField(field);
      setStatus({ tone: 'error', text: failureMessage(error) });
      if (field) focusField(field);
    }
  }

  const messageLength = values.message.length;
  const tooLong = messageLength > CONTACT_MESSAGE_MAX_LENGTH;

  return (
    <form
      onFocus={() => void loadContactSchema().catch(() => undefined)}
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby="contact-title"
      aria-busy={busy}
      className="space-y-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          ref={nameRef}
          label="Your Name"
          name="name"
          type="text"
          autoComplete="name"
          required
          value={values.name}
          onChange={update('name')}
          readOnly={busy}
          aria-invalid={invalidField === 'name' || undefined}
          aria-describedby={describedBy('name')}
        />
        <TextField
          ref={emailRef}
          label="Your Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onChange={update('email')}
          readOnly={busy}
          aria-invalid={invalidField === 'email' || undefined}
          aria-describedby={describedBy('email')}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={messageId} className="block text-sm font-medium text-slate-800">
          Your Message
        </label>
        <textarea
          ref={messageRef}
          id={messageId}
          name="message"
          rows={6}
          required
          value={values.message}
          onChange={update('message')}
          readOnly={busy}
          aria-invalid={invalidField === 'message' || undefined}
          aria-describedby={describedBy('message', counterId)}
          className={cn(FIELD_INPUT, 'min-h-36 resize-y')}
        />
        <p
          id={counterId}
          className={cn(
            'text-right text-xs tabular-nums',
            tooLong ? 'font-semibold text-red-700' : 'text-slate-500',
          )}
        >
          {COUNT_FORMAT.format(messageLength)} / {COUNT_FORMAT.format(CONTACT_MESSAGE_MAX_LENGTH)} characters
        </p>
      </div>
      {status ? (
        <div id={alertId}>
          <FormAlert tone={status.tone}>{status.text}</FormAlert>
        </div>
      ) : null}
      <Button
        type="submit"
        size="lg"
        aria-disabled={busy || undefined}
        className="w-full aria-disabled:cursor-wait aria-disabled:opacity-70 sm:w-auto"
      >
        <Send aria-hidden="true" className="size-4" />
        {busy ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
