import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Members of one company's pool; a member signs up on one site (home_site) and keeps it. */
export const members = sqliteTable(
  'members',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id').notNull(),
    homeSite: text('home_site').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    birthDate: text('birth_date').notNull(),
    country: text('country').notNull(),
    region: text('region'),
    city: text('city'),
    niche: integer('niche').notNull(),
    fictional: integer('fictional', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: ['active', 'not_confirmed', 'deleted'] }).notNull().default('active'),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [
    // e-mail addresses are unique per company pool, not globally: companies do not share members
    uniqueIndex('members_company_email').on(t.companyId, t.email),
    // search filters a company's pool by niche and country
    index('members_company_niche_country').on(t.companyId, t.niche, t.country),
  ],
);
