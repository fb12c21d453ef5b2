import Link from 'next/link';

export default function NotFound() {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-slate-600">The page you asked for does not exist.</p>
      <Link href="/" className="font-medium text-brand-600 underline underline-offset-4">
        Go to the home page
      </Link>
    </main>
  );
}
