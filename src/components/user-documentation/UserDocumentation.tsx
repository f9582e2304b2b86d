import Paper from '@mui/material/Paper';
import { useEffect, useState } from 'react';
import { useLocale } from 'react-admin';
import { defaultLocale, isSupportedLocale } from '../../i18n/locale';
import type { SupportedLocale } from '../../i18n/locale';
import { Markdown } from '../Markdown';
import { PageLoader } from '../PageLoader';
import { loadDocumentation, loadedDocumentation, markdownSection } from './documentationPages';
import type { SectionHeading, UserDocumentationPage } from './documentationPages';

/** The page in that language once loaded (undefined until then); a failed load is thrown. */
const useSource = (page: UserDocumentationPage, lang: SupportedLocale): string | undefined => {
  const [, setLoads] = useState(0);
  const [failure, setFailure] = useState<unknown>();
  const source = loadedDocumentation(page, lang);
  useEffect(() => {
    if (source !== undefined) return;
    let current = true;
    loadDocumentation(page, lang).then(
      () => {
        if (current) setLoads((count) => count + 1);
      },
      (error: unknown) => {
        if (current) setFailure(error ?? new Error(`docs: ${page}.${lang} did not load`));
      },
    );
    return () => {
      current = false;
    };
  }, [source, page, lang]);
  // To the page's error boundary, as a lazy page that does not load (a deployment since, say).
  if (failure) throw failure;
  return source;
};

/**
 * A page of the user documentation (docs/), or one of its sections, in the user's language — French
 * unless English is chosen — switching when the language changes. Each language of a page is loaded
 * the first time it is shown.
 */
export const UserDocumentation = ({
  page,
  section,
}: {
  page: UserDocumentationPage;
  section?: SectionHeading;
}) => {
  const locale = useLocale();
  const lang = isSupportedLocale(locale) ? locale : defaultLocale;
  const source = useSource(page, lang);
  if (source === undefined) return <PageLoader />;
  // A section the page lacks shows the whole page rather than nothing (documentationPages.test.ts
  // checks that each language has it).
  const shown = (section && markdownSection(source, section[lang])) ?? source;
  return (
    <Paper variant="outlined" sx={{ p: 3 }} lang={lang}>
      <Markdown source={shown} />
    </Paper>
  );
};
