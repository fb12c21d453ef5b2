import { ArrowRight, ListChecks } from 'lucide-react';
import { ThemeToggleButton } from '@/shared/ui/theme-toggle';
import { buttonClasses } from '@/shared/ui/button';
import { HERO_TAGLINE } from '@/shared/content/landing';
import { PRODUCT_NAME } from '@/shared/constants';
import { CONTAINER } from './section-heading';
import { HERO_HEADING_ID } from './section-ids';

const PREVIEW_COLUMNS = [
  {
    title: 'To Do',
    cards: [
      { width: 'w-3/4', bar: 'bg-red-500' },
      { width: 'w-1/2', bar: 'bg-green-500' },
    ],
  },
  {
    title: 'In Progress',
    cards: [
      { width: 'w-2/3', bar: 'bg-yellow-400' },
      { width: 'w-4/5', bar: 'bg-red-500' },
    ],
  },
  { title: 'Completed', cards: [{ width: 'w-1/2', bar: 'bg-green-500' }] },
] as const;

/** A decorative miniature of the kanban board, drawn with markup so it costs no image download. */
function BoardPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-lg">
      <div className="absolute -inset-4 rounded-[2rem] bg-brand-500/10 blur-2xl" />
      <div className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-xl shadow-brand-900/10">
        <div className="mb-4 flex items-center gap-1.5">
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-yellow-400" />
          <span className="size-2.5 rounded-full bg-green-400" />
          <span className="ml-3 h-2 w-24 rounded-full bg-slate-200" />
        </div>
        <div className="grid grid-cols-3 gap-3">
          {PREVIEW_COLUMNS.map((column) => (
            <div key={column.title} className="rounded-xl bg-slate-50 p-2.5">
              <p className="mb-2 text-xs font-semibold text-slate-500">{column.title}</p>
              <div className="space-y-2">
                {column.cards.map((card, index) => (
                  <div key={index} className="rounded-lg border border-slate-200 bg-white p-2 shadow-sm">
                    <span className={`mb-2 block h-1 w-8 rounded-full ${card.bar}`} />
                    <span className={`block h-2 rounded-full bg-slate-300 ${card.width}`} />
                    <span className="mt-1.5 block h-2 w-full rounded-full bg-slate-100" />
                  </div>
                ))}
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The landing page's first section: the welcome heading and the tagline (docs/product.md#landing). */
export function Hero() {
  return (
    <section
      aria-labelledby={HERO_HEADING_ID}
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-slate-50"
    >
      <div className={CONTAINER}>
        <div className="flex items-center justify-between gap-2 py-5">
          <div className="flex items-center gap-2 text-lg font-bold text-brand-900">
            <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm">
              <ListChecks aria-hidden="true" className="size-5" />
            </span>
            {PRODUCT_NAME}
          </div>
          <ThemeToggleButton />
        </div>
        <div className="grid items-center gap-12 pt-8 pb-16 sm:pt-12 sm:pb-20 lg:grid-cols-2 lg:pb-24">
          <div className="text-center lg:text-left">
            <p className="mb-4 inline-flex rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
              Task management for small teams
            </p>
            <h1
              id={HERO_HEADING_ID}
              tabIndex={-1}
              className="text-4xl font-extrabold tracking-tight text-brand-900 focus:outline-none sm:text-5xl lg:text-6xl"
            >
              Welcome to <span className="text-brand-600">{PRODUCT_NAME}</span>
            </h1>
            <p className="mx-auto mt-5 max-w-xl text-lg text-slate-600 sm:text-xl lg:mx-0">{HERO_TAGLINE}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <a href="#roles" className={buttonClasses({ size: 'lg' })}>
                Get started
                <ArrowRight aria-hidden="true" className="size-4" />
              </a>
              <a href="#features" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
                Explore features
              </a>
            </div>
          </div>
          <div className="hidden md:block">
            <BoardPreview />
          </div>
        </div>
      </div>
    </section>
  );
}
