import { createContext, useContext, type ReactNode } from 'react';
import type { Boot } from '../lib/boot';
import { I18nContext, type T } from '../lib/i18n';

const BootContext = createContext<Boot | null>(null);

export function useBoot(): Boot {
  const boot = useContext(BootContext);
  if (!boot) throw new Error('useBoot outside AppProvider');
  return boot;
}
export const useSettings = () => useBoot().settings;
export const useCompany = () => useBoot().company;

export function AppProvider({ boot, t, children }: { boot: Boot; t: T; children: ReactNode }) {
  return (
    <BootContext.Provider value={boot}>
      <I18nContext.Provider value={{ t, locale: boot.settings.locale }}>{children}</I18nContext.Provider>
    </BootContext.Provider>
  );
}
