import { Head, Html, Main, NextScript } from 'next/document';
import { THEME_INIT_SCRIPT } from '@/shared/theme/theme';

/**
 * The document of the Pages Router, which serves `/` only (docs/decisions/0008-landing-without-runtime-js.md);
 * the body matches app/layout.tsx's. NextScript renders nothing for a page with
 * `unstable_runtimeJS: false`.
 */
export default function Document() {
  return (
    <Html lang="en">
      <Head>
        <script dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT }} />
      </Head>
      <body className="flex min-h-screen flex-col font-sans">
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
