import '@fontsource/montserrat/latin-400.css';
import '@fontsource/montserrat/latin-600.css';
import '@fontsource/montserrat/latin-700.css';
import '../styles/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { queryClient } from './api';
import { Console } from './console';
import { consoleLocale, createTranslator, I18nContext } from './i18n';

/** The operator console: a second entry of the web build, served only on the operator host. */
async function start() {
  const locale = consoleLocale();
  const t = await createTranslator(locale);
  document.documentElement.lang = locale;
  document.title = t('console.brand');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nContext.Provider value={{ t, locale }}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <Console />
          </BrowserRouter>
        </QueryClientProvider>
      </I18nContext.Provider>
    </StrictMode>,
  );
}

void start();
