import { PRODUCT_NAME } from '@/lib/constants';

/**
 * Foundation placeholder for the landing page: issue 3 builds the seven sections of spec §2.
 */
export default function HomePage() {
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-5xl">
        Welcome to {PRODUCT_NAME}
      </h1>
      <p className="max-w-xl text-lg text-slate-600">
        Boost productivity, streamline your workflow and collaborate in real time.
      </p>
    </main>
  );
}
