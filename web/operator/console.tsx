import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NavLink, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { OperatorJson } from '../../worker/contracts/operator';
import { api, dataOf } from './api';
import { AuditScreen } from './audit';
import { ChatAnswerScreen, ChatQueueScreen } from './chat-console';
import { ChatFiguresScreen } from './chat-figures';
import { FictionalScreen } from './fictional';
import * as s from './console.css';
import { useT } from './i18n';
import { LoginScreen } from './login';
import { ModerationScreen } from './moderation';
import { OperatorsScreen } from './operators';
import { ReportsScreen } from './reports';
import { SettingsScreen } from './settings';
import { SetupScreen } from './setup';

/** The logged-in operator, or null (a 403 authentication_required). */
export const useMe = () =>
  useQuery({
    queryKey: ['me'],
    queryFn: async () => {
      const res = await api.get('/api/operator/me.php');
      return !res.ok && res.status === 403 ? null : dataOf(res).operator;
    },
  });

/** The console: a set-up link, else the login until an operator is in, then the screens their role allows. */
export function Console() {
  const me = useMe();
  const { pathname } = useLocation();
  // a set-up link opens whether or not someone is logged in in this browser
  if (pathname === '/setup') return <SetupScreen />;
  if (me.isPending) return null;
  if (!me.data) return <LoginScreen />;
  return <Shell operator={me.data} />;
}

function Shell({ operator }: { operator: OperatorJson }) {
  const t = useT();
  const client = useQueryClient();
  const logout = useMutation({
    mutationFn: () => api.post('/api/operator/logout.php', {}).then(dataOf),
    // the login shows again, and nothing of the session stays in the cache
    onSettled: () => {
      client.setQueryData(['me'], null);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    },
  });
  const admin = operator.role === 'admin';
  const moderates = admin || operator.role === 'moderator';
  const chats = admin || operator.role === 'chat';
  return (
    <>
      <header className={s.bar}>
        <span className={s.brand}>
          <span className={s.dot} aria-hidden="true" />
          {t('console.brand')}
        </span>
        <nav className={s.nav} aria-label={t('console.nav.label')}>
          {moderates && (
            <NavLink to="/" end className={s.tab}>
              {t('console.nav.moderation')}
            </NavLink>
          )}
          {chats && (
            <NavLink to="/chat" end className={s.tab}>
              {t('console.nav.chat')}
            </NavLink>
          )}
          {admin && (
            <NavLink to="/chat/figures" className={s.tab}>
              {t('console.nav.figures')}
            </NavLink>
          )}
          {moderates && (
            <NavLink to="/reports" className={s.tab}>
              {t('console.nav.reports')}
            </NavLink>
          )}
          {admin && (
            <NavLink to="/operators" className={s.tab}>
              {t('console.nav.operators')}
            </NavLink>
          )}
          {admin && (
            <NavLink to="/audit" className={s.tab}>
              {t('console.nav.audit')}
            </NavLink>
          )}
          {(admin || operator.role === 'chat') && (
            <NavLink to="/fictional" className={s.tab}>
              {t('console.nav.fictional')}
            </NavLink>
          )}
          <NavLink to="/settings" className={s.tab}>
            {t('console.nav.settings')}
          </NavLink>
        </nav>
        <span className={s.who}>
          <span>{operator.name}</span>
          <span className={s.role}>{t(`console.roles.${operator.role}`)}</span>
          <button type="button" className={s.logout} onClick={() => logout.mutate()} disabled={logout.isPending}>
            {t('console.nav.logout')}
          </button>
        </span>
      </header>
      <main className={s.main}>
        <Routes>
          <Route
            path="/"
            element={
              moderates ? (
                <ModerationScreen />
              ) : chats ? (
                <Navigate to="/chat" replace />
              ) : (
                <p className={s.intro}>{t(`console.roles.${operator.role}`)}</p>
              )
            }
          />
          {moderates && <Route path="/reports" element={<ReportsScreen />} />}
          {chats && <Route path="/chat" element={<ChatQueueScreen />} />}
          {admin && <Route path="/chat/figures" element={<ChatFiguresScreen />} />}
          {chats && <Route path="/chat/:conversation" element={<ChatAnswerScreen />} />}
          {admin && <Route path="/operators" element={<OperatorsScreen me={operator} />} />}
          {admin && <Route path="/audit" element={<AuditScreen />} />}
          {(admin || operator.role === 'chat') && <Route path="/fictional" element={<FictionalScreen me={operator} />} />}
          <Route path="/settings" element={<SettingsScreen me={operator} />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
    </>
  );
}
