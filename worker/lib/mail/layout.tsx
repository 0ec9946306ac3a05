import { Body, Button, Column, Container, Head, Hr, Html, Link, Preview, Row, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { isDark, mix, readableOn, textOn } from './colour';

/**
 * The one layout of every mail (account mails and notices), written with React Email's
 * components: tables a mail client lays out as one column, at most 560 px wide and fluid below
 * it, every colour from the site's theme (lib/mail/colour.ts picks the texts by contrast). All
 * texts come in as strings from the mail catalogue; React escapes them (member names, moderators'
 * notes), and nothing here sets HTML from a string.
 */

/** The site a mail is branded with: its name, first domain and theme (tenants/schema `theme`). */
export type Brand = { name: string; domain: string; theme: { color: string; background: string } };

const FONT = "Montserrat, 'Helvetica Neue', Helvetica, Arial, sans-serif";
/** The web's text and muted text (web/styles/theme.css.ts): dark on the white card. */
const TEXT = '#1f1a17';
const MUTED = '#6b625c';
const CARD = '#ffffff';
/** Long words and addresses (a token link, an appeal link in a paragraph) wrap instead of widening a phone's screen. */
const WRAP: CSSProperties = { overflowWrap: 'anywhere', wordBreak: 'break-word' };

/**
 * The colours of one mail. The page around the card is the site's dark background where it has
 * one (the BDSM sites), else a faint tint of its colour; the button is the colour itself with
 * white or dark text, whichever reaches AA; the name and links are the colour made readable on
 * what they stand on.
 */
export function palette(theme: Brand['theme']) {
  const page = isDark(theme.background) ? theme.background : mix(theme.color, '#ffffff', 0.92);
  return {
    brand: theme.color,
    onBrand: textOn(theme.color),
    page,
    name: readableOn(theme.color, page),
    link: readableOn(theme.color, CARD),
    footer: readableOn(MUTED, page),
  };
}

/** A 40 px square of a colour with one character on it, drawn as a table cell (mail clients block images and drop SVG): the logo and a digest member's initial. */
function Badge({
  background,
  colour,
  radius,
  text,
  font,
}: {
  background: string;
  colour: string;
  radius: number;
  text: string;
  font: CSSProperties;
}) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} border={0} width={40} style={{ borderCollapse: 'separate' }}>
      <tbody>
        <tr>
          <td
            width={40}
            height={40}
            align="center"
            valign="middle"
            aria-hidden="true"
            style={{
              width: '40px',
              height: '40px',
              backgroundColor: background,
              borderRadius: `${radius}px`,
              color: colour,
              lineHeight: '40px',
              textAlign: 'center',
              ...font,
            }}
          >
            {text}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** The site's logo as the web draws it (web/components/layout/logo.tsx): a white heart on a rounded square of its colour. */
const Logo = ({ colour }: { colour: string }) => (
  <Badge
    background={colour}
    colour="#ffffff"
    radius={10}
    text={'\u2665\uFE0E'}
    font={{ fontSize: '22px', fontFamily: 'Arial, sans-serif' }}
  />
);

export type MailProps = {
  locale: string;
  brand: Brand;
  subject: string;
  /** The inbox's preview line (the body's first text). */
  preview: string;
  greeting: string;
  /** The body, then any further paragraphs (the statement of reasons' facts, ground, note …). */
  paragraphs: string[];
  button: { label: string; href: string };
  /** "Button not working? Copy this link …", followed by the link itself. */
  fallback: string;
  signature: string;
  footer: string;
  unsubscribe?: { label: string; href: string };
  /** Drawn between the paragraphs and the button (the digest's members). */
  children?: ReactNode;
};

/** A whole mail: the site's logo and name, the white card with the text and the button, the footer. */
export function Mail({
  locale,
  brand,
  subject,
  preview,
  greeting,
  paragraphs,
  button,
  fallback,
  signature,
  footer,
  unsubscribe,
  children,
}: MailProps) {
  const c = palette(brand.theme);
  const text: CSSProperties = { fontFamily: FONT, color: TEXT, fontSize: '16px', lineHeight: '26px', margin: '0 0 16px', ...WRAP };
  const small: CSSProperties = {
    fontFamily: FONT,
    color: c.footer,
    fontSize: '12px',
    lineHeight: '18px',
    margin: '0 0 8px',
    textAlign: 'center',
    ...WRAP,
  };
  return (
    <Html lang={locale} dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{subject}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: c.page, margin: '0', padding: '24px 12px', fontFamily: FONT, color: TEXT }}>
        <Container style={{ maxWidth: '560px', width: '100%', margin: '0 auto' }}>
          <Section>
            <Row>
              <Column style={{ padding: '0 0 16px 4px', width: '40px' }} width={40} valign="middle">
                <Logo colour={c.brand} />
              </Column>
              <Column style={{ padding: '0 4px 16px 12px' }} valign="middle">
                <Text
                  style={{
                    fontFamily: FONT,
                    color: c.name,
                    fontSize: '22px',
                    lineHeight: '28px',
                    fontWeight: 700,
                    letterSpacing: '-0.01em',
                    margin: '0',
                    ...WRAP,
                  }}
                >
                  {brand.name}
                </Text>
              </Column>
            </Row>
          </Section>
          <Section style={{ backgroundColor: CARD, borderRadius: '12px', borderTop: `4px solid ${c.brand}` }}>
            <Row>
              <Column style={{ padding: '28px 24px 12px' }}>
                <Text style={text}>{greeting}</Text>
                {paragraphs.map((p, i) => (
                  <Text key={i} style={{ ...text, whiteSpace: 'pre-line' }}>
                    {p}
                  </Text>
                ))}
                {children}
                <Section style={{ margin: '28px 0 24px' }}>
                  <Button
                    href={button.href}
                    style={{
                      backgroundColor: c.brand,
                      color: c.onBrand,
                      fontFamily: FONT,
                      fontSize: '16px',
                      fontWeight: 700,
                      borderRadius: '999px',
                      padding: '14px 28px',
                      textAlign: 'center',
                    }}
                  >
                    {button.label}
                  </Button>
                </Section>
                <Text style={{ ...text, color: MUTED, fontSize: '13px', lineHeight: '20px' }}>
                  {fallback}{' '}
                  <Link href={button.href} style={{ color: c.link, textDecoration: 'underline', wordBreak: 'break-all' }}>
                    {button.href}
                  </Link>
                </Text>
                <Hr style={{ borderTop: '1px solid #eadfd3', margin: '20px 0' }} />
                <Text style={{ ...text, whiteSpace: 'pre-line' }}>{signature}</Text>
              </Column>
            </Row>
          </Section>
          <Section>
            <Row>
              <Column style={{ padding: '20px 8px 0' }}>
                <Text style={{ ...small, fontSize: '13px', fontWeight: 700 }}>
                  {brand.name} · {brand.domain}
                </Text>
                <Text style={small}>{footer}</Text>
                {unsubscribe && (
                  <Text style={small}>
                    <Link href={unsubscribe.href} style={{ color: c.footer, textDecoration: 'underline' }}>
                      {unsubscribe.label}
                    </Link>
                  </Text>
                )}
              </Column>
            </Row>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A member in the weekly digest: name, age and place, and the profile's address. */
export type DigestEntry = { name: string; age: number | null; place: string | null; link: string };

/** The digest's new members: each a row with their initial in the site's colour, the name (a link to the profile) and age, the place below. */
export function DigestList({ entries, theme }: { entries: DigestEntry[]; theme: Brand['theme'] }) {
  const c = palette(theme);
  return (
    <Section style={{ margin: '4px 0 8px' }}>
      {entries.map((e, i) => (
        <Row key={i} style={{ borderTop: i ? '1px solid #f1e8df' : undefined }}>
          <Column width={52} style={{ width: '52px', padding: '10px 0' }} valign="middle">
            <Badge
              background={c.brand}
              colour={c.onBrand}
              radius={20}
              text={(Array.from(e.name)[0] ?? '?').toUpperCase()}
              font={{ fontFamily: FONT, fontSize: '17px', fontWeight: 700 }}
            />
          </Column>
          <Column style={{ padding: '10px 0' }} valign="middle">
            <Text style={{ fontFamily: FONT, color: TEXT, fontSize: '16px', lineHeight: '22px', margin: '0', ...WRAP }}>
              <Link href={e.link} style={{ color: c.link, fontWeight: 700, textDecoration: 'none' }}>
                {e.name}
              </Link>
              {e.age !== null ? `, ${e.age}` : ''}
            </Text>
            {e.place ? (
              <Text style={{ fontFamily: FONT, color: MUTED, fontSize: '14px', lineHeight: '20px', margin: '0', ...WRAP }}>{e.place}</Text>
            ) : null}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

/**
 * A mail's HTML document, the digest's members (if any) before its button: React's static markup
 * after the doctype, synchronous (callers put the mail into D1 batches, and React Email's own
 * `render` is async).
 */
export function mailHtml({ entries = [], ...props }: Omit<MailProps, 'children'> & { entries?: DigestEntry[] }) {
  return `<!doctype html>${renderToStaticMarkup(<Mail {...props}>{entries.length > 0 && <DigestList entries={entries} theme={props.brand.theme} />}</Mail>)}`;
}
