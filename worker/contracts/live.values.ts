/**
 * The live connection's plain values: zod-free, so the web's live client imports them beside
 * worker/realtime.
 */

/**
 * The worker's close codes on the live connection: the session ended (logout, password change,
 * deletion: the tab asks who is logged in), the member was banned (the tab goes to /pages/ban;
 * the close reason is `banned` or `banned <appeal token>`).
 */
export const LIVE_CLOSE = { sessionEnded: 4001, banned: 4403 } as const;
/** The live connections' addresses (contracts/live.ts LiveSockets; web/lib/live-socket.ts). */
export const LIVE_PATHS = { member: '/api/live.php', desk: '/api/operator/live.php' } as const;
