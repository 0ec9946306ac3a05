import { env } from 'cloudflare:workers';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversationMembers, members, rateLimits, sessions } from '../../worker/db/schema';
import { cardColumns } from '../../worker/domain/members';
import { getDb, insertSelect, reusable } from '../../worker/lib/db';
import { rateLimitUpsert } from '../../worker/lib/rate-limit';
import { activeMember } from './account-helpers';

const db = getDb(env.DB);

// a join with nested fields and booleans, a card with subqueries, an upsert with RETURNING
const memberRow = reusable<{ id: number; company: number }, ReturnType<typeof buildMember>>((d, p) => buildMember(d, p.id, p.company));
const buildMember = (d: typeof db, id: number | SQL, company: number | SQL) =>
  d
    .select({ member: members, session: { memberId: sessions.memberId } })
    .from(members)
    .leftJoin(sessions, eq(sessions.memberId, members.id))
    .where(and(eq(members.id, id), eq(members.companyId, company)))
    .limit(1);
const card = reusable<{ id: number }, ReturnType<typeof buildCard>>((d, p) => buildCard(d, p.id));
const buildCard = (d: typeof db, id: number | SQL) => d.select(cardColumns).from(members).where(eq(members.id, id));
const use = reusable<{ key: string; start: string; expired: string }, ReturnType<typeof rateLimitUpsert>>((d, p) =>
  rateLimitUpsert(d, p.key, p.start, p.expired),
);

describe('reusable statements (built once, bound per use)', () => {
  it('answer exactly what the builder answers, in a batch and alone, for any values', async () => {
    const [a, b] = [await activeMember(), await activeMember(undefined, { gender: 'female' })];
    await env.DB.prepare('UPDATE members SET paid_user = 1, fictional = 1 WHERE id = ?').bind(a.id).run();
    for (const m of [a, b]) {
      const [viaItem, cardItem] = await db.batch([memberRow.item(db, { id: m.id, company: 1 }), card.item(db, { id: m.id })]);
      const [viaBuilder, cardBuilder] = await db.batch([buildMember(db, m.id, 1), buildCard(db, m.id)]);
      expect(viaItem).toEqual(viaBuilder);
      expect(cardItem).toEqual(cardBuilder);
      expect(await memberRow.all(db, { id: m.id, company: 1 })).toEqual(viaBuilder);
    }
    expect((await db.batch([memberRow.item(db, { id: a.id, company: 1 })]))[0][0]!.member).toMatchObject({
      id: a.id,
      paidUser: true,
      fictional: true,
    });
    expect((await db.batch([memberRow.item(db, { id: b.id, company: 1 })]))[0][0]!.member).toMatchObject({
      id: b.id,
      paidUser: false,
      fictional: false,
    });
    // another company: nothing
    expect(await memberRow.all(db, { id: a.id, company: 2 })).toEqual([]);
  });

  it('writes with RETURNING the same way, values bound per use', async () => {
    const key = `reusable:${Date.now()}`;
    const [first] = await db.batch([use.item(db, { key, start: '2030-01-01T00:00:00.000Z', expired: '2029-12-31T23:59:00.000Z' })]);
    const [second] = await db.batch([use.item(db, { key, start: '2030-01-01T00:00:30.000Z', expired: '2029-12-31T23:59:30.000Z' })]);
    const [fresh] = await db.batch([use.item(db, { key, start: '2030-01-01T00:02:00.000Z', expired: '2030-01-01T00:01:00.000Z' })]);
    expect([first, second, fresh]).toEqual([
      [{ count: 1, windowStart: '2030-01-01T00:00:00.000Z' }],
      [{ count: 2, windowStart: '2030-01-01T00:00:00.000Z' }],
      [{ count: 1, windowStart: '2030-01-01T00:02:00.000Z' }],
    ]);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([
      { key, windowStart: '2030-01-01T00:02:00.000Z', count: 1 },
    ]);
  });
});

describe('insertSelect (INSERT … SELECT by column name)', () => {
  it('puts each value in its named column, whatever the order given, and the defaults in the others', async () => {
    const id = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    const statement = insertSelect(
      db,
      conversationMembers,
      { otherId: sql`${id + 2}`, memberId: sql`${id + 1}`, conversationId: sql`${id}` },
      sql`WHERE 1`,
    );
    // every column of the table named in drizzle's list, the SELECT's values in that order
    expect(statement.toSQL().sql).toMatch(
      /^insert into "conversation_members" \("conversation_id", "member_id", "other_id", "unread", "last_activity_at", "deleted_up_to"\) SELECT \?, \?, \?, \?, NULL, \? WHERE 1$/,
    );
    await statement.run();
    const row = await env.DB.prepare('SELECT * FROM conversation_members WHERE conversation_id = ?').bind(id).first();
    expect(row).toEqual({ conversation_id: id, member_id: id + 1, other_id: id + 2, unread: 0, last_activity_at: null, deleted_up_to: 0 });
    // nothing when the condition fails; a name that is no column is refused when built
    await insertSelect(db, conversationMembers, { conversationId: sql`${id + 5}`, memberId: sql`1`, otherId: sql`2` }, sql`WHERE 0`).run();
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM conversation_members WHERE conversation_id = ?')
        .bind(id + 5)
        .first('n'),
    ).toBe(0);
    expect(() => insertSelect(db, conversationMembers, { nope: sql`1` } as never, sql`WHERE 1`)).toThrow(/no column nope/);
  });
});
