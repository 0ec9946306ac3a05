import type { ReactNode } from 'react';
import { BootContext, type Boot } from '../lib/boot';
import { I18nContext, type T } from '../lib/i18n';

export function AppProvider({ boot, t, children }: { boot: Boot; t: T; children: ReactNode }) {
  return (
    <BootContext.Provider value={boot}>
      <I18nContext.Provider value={{ t, locale: boot.settings.locale }}>{children}</I18nContext.Provider>
    </BootContext.Provider>
  );
}
