import { Send } from 'lucide-react';
import { Button } from '@/shared/ui/button';
import { FIELD_INPUT } from '@/shared/ui/styles';
import { TextField } from '@/shared/ui/text-field';
import { cn } from '@/shared/cn';
import type { ContactFormRules } from '@/features/landing/server/contact-rules';

/**
 * Contact Us: Your Name, Your Email, Your Message and Send Message, as a plain form
 * (docs/product.md#landing). public/landing.js takes over the submit: it checks the fields with `rules` (the
 * first problem is shown in the alert and its field focused), posts JSON to the form's action and shows the
 * answer; what was typed is only cleared once the server has accepted it. Without the script the browser's
 * own required and type checks apply.
 */
export function ContactForm({ rules }: { rules: ContactFormRules }) {
  const { fields } = rules;
  return (
    <form
      method="post"
      action="/api/contact"
      aria-labelledby="contact-title"
      data-contact-form=""
      data-rules={JSON.stringify(rules)}
      className="space-y-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="contact-name"
          label="Your Name"
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={fields.name.maxLength}
        />
        <TextField
          id="contact-email"
          label="Your Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={fields.email.maxLength}
        />
      </div>
      <MessageField counter={rules.counter} />
      <div>
        {/* Present from the start, so screen readers announce what the script writes into it. */}
        <p
          id="contact-status"
          role="status"
          data-contact-status=""
          className="text-sm font-medium text-green-800 not-empty:mb-5 not-empty:rounded-lg not-empty:border not-empty:border-green-200 not-empty:bg-green-50 not-empty:px-3 not-empty:py-2"
        />
        {/* Shown with its text when there is a problem (a role="alert" is announced as it appears). */}
        <p
          id="contact-alert"
          role="alert"
          data-contact-alert=""
          hidden
          className="mb-5 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        />
        <Button
          type="submit"
          size="lg"
          className="w-full aria-disabled:cursor-wait aria-disabled:opacity-70 sm:w-auto"
        >
          <Send aria-hidden="true" className="size-4" />
          <span data-label="">{rules.send}</span>
        </Button>
      </div>
    </form>
  );
}

/** Your Message, with the counter public/landing.js keeps up to date (it starts at `counter`'s 0). */
function MessageField({ counter }: { counter: string }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor="contact-message" className="block text-sm font-medium text-slate-800">
        Your Message
      </label>
      {/* No maxLength: a longer paste is kept and the counter and the alert say what to cut. */}
      <textarea
        id="contact-message"
        name="message"
        rows={6}
        required
        aria-describedby="contact-message-count"
        className={cn(FIELD_INPUT, 'min-h-36 resize-y')}
      />
      <p
        id="contact-message-count"
        data-contact-counter=""
        className="text-right text-xs text-slate-500 tabular-nums data-over:font-semibold data-over:text-red-700"
      >
        {counter.replace('{count}', '0')}
      </p>
    </div>
  );
}
