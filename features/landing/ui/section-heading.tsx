import type { ReactNode } from 'react';

/** The heading block every landing section opens with; `id` is what the section's aria-labelledby names. */
export function SectionHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center sm:mb-12">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-3 text-base text-slate-600 sm:text-lg">{children}</p> : null}
    </div>
  );
}

/** The width and side padding shared by every landing section. */
export const CONTAINER = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';
