import { eq } from 'drizzle-orm';
import { accountTokens, mailOutbox, members, sessions } from '../../db/schema';
import { parseList } from '../../domain/members';
import type { ExportContext, ExportPart } from '../../lib/feature';

/** The account: the member row's own data (the profile fields are the profiles feature's), sessions, links and mails. */
export async function exportAccount({ db, memberId }: ExportContext): Promise<ExportPart[]> {
  const [[m], sessionRows, tokens, mails] = await db.batch([
    db.select().from(members).where(eq(members.id, memberId)),
    db.select({ created_at: sessions.createdAt, expires_at: sessions.expiresAt }).from(sessions).where(eq(sessions.memberId, memberId)),
    db
      .select({
        kind: accountTokens.kind,
        created_at: accountTokens.createdAt,
        expires_at: accountTokens.expiresAt,
        used_at: accountTokens.usedAt,
      })
      .from(accountTokens)
      .where(eq(accountTokens.memberId, memberId)),
    db
      .select({
        kind: mailOutbox.kind,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        created_at: mailOutbox.createdAt,
        sent_at: mailOutbox.sentAt,
        delivery_event: mailOutbox.deliveryEvent,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.memberId, memberId))
      .orderBy(mailOutbox.id),
  ]);
  if (!m) return [];
  const account = {
    id: m.id,
    email: m.email,
    home_site: m.homeSite,
    status: m.status,
    language: m.language,
    created_at: m.createdAt,
    email_confirmed_at: m.emailConfirmedAt,
    credits: m.credits,
    paid_user: m.paidUser,
    free_conversations_left: m.freeConversationsLeft,
    free_messages_left: m.freeMessagesLeft,
    notifications_disabled: parseList(m.notificationsDisabled),
    push_permission: m.pushPermission,
    invisible: m.invisible,
    // when the member allowed their profile on public pages (landers, campaign pages, the landing page); null: never
    public_profile_allowed_at: m.publicConsentAt,
    last_active_at: m.lastActiveAt,
    deleted_at: m.deletedAt,
    delete_reason: m.deleteReason,
    tracking: { network: m.trackingNetwork, ref: m.trackingRef, sub1: m.trackingSub1, sub2: m.trackingSub2, sub3: m.trackingSub3 },
  };
  return [
    { path: 'account.json', json: account },
    { path: 'sessions.json', json: sessionRows },
    { path: 'account-links.json', json: tokens },
    { path: 'mails.json', json: mails },
  ];
}
