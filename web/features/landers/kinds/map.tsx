import { useSettings } from '../../../lib/boot';
import { useLocale, useT } from '../../../lib/i18n';
import { regionName } from '../../../lib/intl';
import { usePhotoUrls } from '../../../lib/photos';
import { useRegionNames } from '../api/get-lander';
import * as s from '../landers.css';
import { Hero, portions, ProfileGrid, SignupCta, type LanderProps } from '../parts';

const SIZE = 520;
const C = SIZE / 2;

/**
 * Members near the visitor: the visitor's country as a radar, the visitor in the middle and each
 * region a direction on it, its members as photo pins (no map tiles or outlines offline).
 */
export default function MapLander(props: LanderProps) {
  const t = useT();
  const locale = useLocale();
  const photo = usePhotoUrls();
  const { name, geoip_selected_country: country } = useSettings();
  const names = useRegionNames(country);
  const regionLabel = (code: string) =>
    (names.status === 'ok' ? names.data.regions[country]?.find((r) => r.code === code)?.name : undefined) ?? code;
  // the grid first, the pins show others
  const [grid = [], near = []] = portions(props.profiles, 4, 12);
  const groups = new Map<string, typeof near>();
  for (const p of near) {
    const key = p.country === country && p.region ? p.region : (p.country ?? country);
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const keys = [...groups.keys()];
  return (
    <>
      <Hero title={t('landers.maplanding.title')} text={t('landers.maplanding.text', { site_name: name })} />
      <section className={s.section}>
        <svg className={s.map} viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={regionName(locale, country)}>
          <defs>
            <radialGradient id="radar" cx="50%" cy="50%" r="50%">
              <stop offset="0" className={s.radarNear} />
              <stop offset="1" className={s.radarFar} />
            </radialGradient>
            <clipPath id="pin">
              <circle cx="0" cy="0" r="26" />
            </clipPath>
          </defs>
          <circle cx={C} cy={C} r={C - 4} className={s.radarEdge} />
          {[0.33, 0.66].map((f) => (
            <circle key={f} cx={C} cy={C} r={(C - 4) * f} className={s.radarRing} />
          ))}
          <line x1={C} y1="8" x2={C} y2={SIZE - 8} className={s.radarAxis} />
          <line x1="8" y1={C} x2={SIZE - 8} y2={C} className={s.radarAxis} />
          {keys.map((key, g) =>
            groups
              .get(key)!
              .slice(0, 3)
              .map((p, i) => {
                const angle = (g / Math.max(1, keys.length)) * Math.PI * 2 - Math.PI / 2 + i * 0.38;
                const r = (C - 40) * (0.45 + 0.22 * i + 0.1 * (g % 2));
                const x = C + Math.cos(angle) * r;
                const y = C + Math.sin(angle) * r;
                return (
                  <g key={p.id} transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}>
                    <circle r="30" className={s.pinRing} />
                    <image
                      href={photo.thumb(p.main_image!)}
                      x="-26"
                      y="-26"
                      width="52"
                      height="52"
                      clipPath="url(#pin)"
                      preserveAspectRatio="xMidYMid slice"
                    />
                    {p.online && <circle cx="20" cy="-20" r="7" className={s.pinOnline} />}
                  </g>
                );
              }),
          )}
          <circle cx={C} cy={C} r="12" className={s.radarCentre} />
          <text x={C} y={C + 34} textAnchor="middle" className={s.radarLabel}>
            {regionName(locale, country)}
          </text>
        </svg>
        {keys.length > 0 && (
          <ul className={s.regions}>
            {keys.map((key) => (
              <li key={key} className={s.region}>
                {groups.get(key)![0]!.country === country && groups.get(key)![0]!.region ? regionLabel(key) : regionName(locale, key)} ·{' '}
                {t('landers.maplanding.region_count', { count: groups.get(key)!.length })}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={s.section}>
        <ProfileGrid {...props} profiles={grid} count={4} />
      </section>
      <div className={s.closing}>
        <SignupCta />
      </div>
    </>
  );
}
