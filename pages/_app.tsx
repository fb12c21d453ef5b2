import type { AppProps } from 'next/app';
// The App Router's stylesheet (Tailwind and the theme): the Pages Router gets its own copy of it.
import '../app/globals.css';

export default function App({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />;
}
