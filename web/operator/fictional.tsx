import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FICTIONAL_NOTE_MAX } from '../../worker/contracts/fictional.values';
import { INTEREST_TAGS, PROFILE_CHOICES } from '../../worker/contracts/profiles.values';
import type {
  CreateFictionalInput,
  FictionalListAnswer,
  FictionalProfile,
  FictionalProfileAnswer,
  UpdateFictionalInput,
} from '../../worker/contracts/fictional';
import type { OperatorJson } from '../../worker/contracts/operator';
import { button, disabledState, quiet } from '../components/ui/button.css';
import * as f from '../components/ui/form.css';
import { api, dataOf, failureText } from './api';
import * as s from './console.css';
import * as x from './fictional.css';
import { useT } from './i18n';

const messageOf = failureText;
const words = (v: string) => v.replace(/_/g, ' ');
type Choice = Exclude<keyof typeof PROFILE_CHOICES, 'gender'>;
const APPEARANCE: Choice[] = ['sexuality', 'hair_colour', 'eye_colour', 'body_type', 'relationship_status', 'tattoos', 'signup_reason'];

/** POST fictional-photo.php: multipart (never repeated, like every upload). */
function uploadPhoto(id: number, file: File) {
  const form = new FormData();
  form.set('id', String(id));
  form.set('photo', file);
  return api.post('/api/operator/fictional-photo.php', form).then(dataOf);
}

/** The company's fictional profiles: a list per site beside the editor (admins edit; chat operators read the persona notes). */
export function FictionalScreen({ me }: { me: OperatorJson }) {
  const t = useT();
  const [site, setSite] = useState('');
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['fictional', site],
    queryFn: () =>
      api.get(site ? `/api/operator/fictional.php?site=${encodeURIComponent(site)}` : '/api/operator/fictional.php').then(dataOf),
  });
  const admin = me.role === 'admin';
  const sites = list.data?.sites ?? [];
  return (
    <>
      <div className={s.head}>
        <h1 className={s.title}>{t('console.fictional.title')}</h1>
        <p className={s.intro}>{t(admin ? 'console.fictional.intro' : 'console.fictional.intro_chat')}</p>
      </div>
      <div className={x.toolbar}>
        <label className={f.field}>
          <span className={f.label}>{t('console.fictional.site')}</span>
          <select className={`${f.input} ${f.compact}`} value={site} onChange={(e) => setSite(e.target.value)}>
            <option value="">{t('console.fictional.all_sites')}</option>
            {sites.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        {admin && (
          <button type="button" className={button.primary} onClick={() => setSelected('new')}>
            {t('console.fictional.new')}
          </button>
        )}
      </div>
      {list.error && (
        <p role="alert" className={f.alert}>
          {messageOf(list.error, t('console.errors.generic'))}
        </p>
      )}
      <div className={x.layout}>
        <ul className={x.list} aria-label={t('console.fictional.title')}>
          {list.data?.profiles.length === 0 && <li className={s.muted}>{t('console.fictional.empty')}</li>}
          {list.data?.profiles.map((p) => (
            <li key={p.id}>
              <button type="button" className={x.entry} aria-current={selected === p.id} onClick={() => setSelected(p.id)}>
                {p.photo && admin ? (
                  <img className={x.avatar} src={p.photo} alt="" />
                ) : (
                  <span className={x.avatar} aria-hidden="true">
                    {p.name.slice(0, 1)}
                  </span>
                )}
                <span>
                  <span className={x.entryName}>{p.name}</span>
                  <span className={x.entryMeta}>
                    {t('console.fictional.card', {
                      age: p.age,
                      city: p.city ?? '–',
                      site: sites.find((s) => s.slug === p.site)?.name ?? p.site,
                      count: p.photo_count,
                    })}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {selected === 'new' && admin && (
          <Editor key="new" sites={sites} defaultSite={site || sites[0]?.slug || ''} onSaved={(id) => setSelected(id)} admin />
        )}
        {typeof selected === 'number' && <Loaded key={selected} id={selected} sites={sites} admin={admin} />}
        {selected === null && <p className={`${s.card} ${s.muted}`}>{t('console.fictional.pick')}</p>}
      </div>
    </>
  );
}

function Loaded({ id, sites, admin }: { id: number; sites: FictionalListAnswer['sites']; admin: boolean }) {
  const t = useT();
  const one = useQuery({
    queryKey: ['fictional-profile', id],
    queryFn: () => api.get(`/api/operator/fictional-profile.php?id=${id}`).then(dataOf),
  });
  if (one.error)
    return (
      <p role="alert" className={f.alert}>
        {messageOf(one.error, t('console.errors.generic'))}
      </p>
    );
  if (!one.data) return null;
  return <Editor profile={one.data.profile} sites={sites} defaultSite={one.data.profile.site} admin={admin} />;
}

type Draft = Omit<CreateFictionalInput, 'interests'> & { interests: string[] };
const draftOf = (p: FictionalProfile | undefined, site: string): Draft => ({
  site: p?.site ?? site,
  name: p?.name ?? '',
  gender: p?.gender ?? 'female',
  date_of_birth: p?.date_of_birth ?? '',
  country: p?.country ?? '',
  region: p?.region ?? '',
  city: p?.city ?? '',
  about_me: p?.about_me ?? '',
  sexuality: p?.sexuality as Draft['sexuality'],
  hair_colour: p?.hair_colour as Draft['hair_colour'],
  eye_colour: p?.eye_colour as Draft['eye_colour'],
  body_type: p?.body_type as Draft['body_type'],
  relationship_status: p?.relationship_status as Draft['relationship_status'],
  tattoos: p?.tattoos as Draft['tattoos'],
  signup_reason: p?.signup_reason as Draft['signup_reason'],
  interests: p?.interests ?? [],
  persona_note: p?.persona_note ?? '',
});

/** The profile fields members see, the photos and the persona note; read-only for chat operators. */
function Editor({
  profile,
  sites,
  defaultSite,
  admin,
  onSaved,
}: {
  profile?: FictionalProfile;
  sites: FictionalListAnswer['sites'];
  defaultSite: string;
  admin: boolean;
  onSaved?: (id: number) => void;
}) {
  const t = useT();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile, defaultSite));
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [k]: v }));
  };
  const site = sites.find((s) => s.slug === draft.site);
  const refresh = (answer: FictionalProfileAnswer) => {
    client.setQueryData(['fictional-profile', answer.profile.id], answer);
    void client.invalidateQueries({ queryKey: ['fictional'] });
  };
  const save = useMutation({
    mutationFn: async () => {
      const { site: slug, persona_note, ...fields } = draft;
      const body = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== '')) as Omit<
        CreateFictionalInput,
        'site'
      >;
      if (!profile)
        return api.post('/api/operator/fictional.php', { ...body, site: slug, persona_note } satisfies CreateFictionalInput).then(dataOf);
      const updated = await api.put('/api/operator/fictional.php', { ...body, id: profile.id } satisfies UpdateFictionalInput).then(dataOf);
      return persona_note !== profile.persona_note
        ? api.put('/api/operator/persona.php', { id: profile.id, note: persona_note ?? '' }).then(dataOf)
        : updated;
    },
    onSuccess: (answer) => {
      refresh(answer);
      setSaved(true);
      onSaved?.(answer.profile.id);
    },
  });
  const add = useMutation({ mutationFn: (file: File) => uploadPhoto(profile!.id, file), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete('/api/operator/fictional-photo.php', { id }).then(dataOf),
    onSuccess: refresh,
  });
  const error = save.error ?? add.error ?? remove.error;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }

  const field = (name: 'name' | 'city' | 'region', type = 'text') => (
    <label className={f.field}>
      <span className={f.label}>{t(`console.fictional.fields.${name}`)}</span>
      <input
        className={f.input}
        type={type}
        name={name}
        value={draft[name] ?? ''}
        onChange={(e) => set(name, e.target.value)}
        disabled={!admin}
        required={name === 'name'}
      />
    </label>
  );

  return (
    <form className={x.editor} onSubmit={onSubmit} noValidate aria-label={profile ? profile.name : t('console.fictional.new')}>
      <div className={s.head}>
        <h2 className={s.title}>
          {profile ? profile.name : t('console.fictional.new')} <span className={x.label}>{t('console.fictional.label')}</span>
        </h2>
        {profile && <p className={s.muted}>{t('console.fictional.on_site', { site: site?.name ?? profile.site, age: profile.age })}</p>}
      </div>
      {error && (
        <p role="alert" className={f.alert}>
          {messageOf(error, t('console.errors.generic'))}
        </p>
      )}
      {saved && (
        <p role="status" className={f.notice}>
          {t('console.fictional.saved')}
        </p>
      )}

      <fieldset className={x.section}>
        <legend className={x.legend}>{t('console.fictional.profile')}</legend>
        <div className={x.grid}>
          {!profile && (
            <label className={f.field}>
              <span className={f.label}>{t('console.fictional.site')}</span>
              <select className={f.input} value={draft.site} onChange={(e) => set('site', e.target.value)}>
                {sites.map((s) => (
                  <option key={s.slug} value={s.slug}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {field('name')}
          <label className={f.field}>
            <span className={f.label}>{t('console.fictional.fields.gender')}</span>
            <select
              className={f.input}
              value={draft.gender}
              onChange={(e) => set('gender', e.target.value as Draft['gender'])}
              disabled={!admin}
            >
              {PROFILE_CHOICES.gender.map((g) => (
                <option key={g} value={g}>
                  {t(`console.moderation.gender.${g}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={f.field}>
            <span className={f.label}>{t('console.fictional.fields.date_of_birth')}</span>
            <input
              className={f.input}
              type="date"
              value={draft.date_of_birth}
              onChange={(e) => set('date_of_birth', e.target.value)}
              disabled={!admin}
              required
            />
          </label>
          <label className={f.field}>
            <span className={f.label}>{t('console.fictional.fields.country')}</span>
            <select className={f.input} value={draft.country} onChange={(e) => set('country', e.target.value)} disabled={!admin} required>
              <option value="" />
              {(site?.countries ?? [draft.country]).map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          {field('region')}
          {field('city')}
        </div>
        <label className={f.field}>
          <span className={f.label}>{t('console.fictional.fields.about_me')}</span>
          <textarea
            className={f.textarea}
            value={draft.about_me ?? ''}
            onChange={(e) => set('about_me', e.target.value)}
            disabled={!admin}
          />
        </label>
      </fieldset>

      <fieldset className={x.section}>
        <legend className={x.legend}>{t('console.fictional.appearance')}</legend>
        <div className={x.grid}>
          {APPEARANCE.map((k) => (
            <label key={k} className={f.field}>
              <span className={f.label}>{t(`console.fictional.fields.${k}`)}</span>
              <select
                className={f.input}
                value={draft[k] ?? ''}
                onChange={(e) => set(k, (e.target.value || undefined) as never)}
                disabled={!admin}
              >
                <option value="">–</option>
                {PROFILE_CHOICES[k].map((v) => (
                  <option key={v} value={v}>
                    {words(v)}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={x.section}>
        <legend className={x.legend}>{t('console.fictional.fields.interests')}</legend>
        <div className={x.tags}>
          {INTEREST_TAGS.map((tag) => (
            <label key={tag} className={x.tag}>
              <input
                type="checkbox"
                checked={draft.interests.includes(tag)}
                disabled={!admin}
                onChange={(e) => set('interests', e.target.checked ? [...draft.interests, tag] : draft.interests.filter((i) => i !== tag))}
              />
              {tag}
            </label>
          ))}
        </div>
      </fieldset>

      {profile && admin && (
        <fieldset className={x.section}>
          <legend className={x.legend}>{t('console.fictional.photos')}</legend>
          <ul className={x.photos}>
            {profile.photos.map((p) => (
              <li key={p.id} className={x.photo}>
                <img className={x.photoImage} src={p.thumb} alt={t('console.fictional.photo_alt', { name: profile.name })} />
                {p.main && <span className={x.mainBadge}>{t('console.fictional.main')}</span>}
                <button
                  type="button"
                  className={`${quiet} ${disabledState}`}
                  onClick={() => remove.mutate(p.id)}
                  disabled={remove.isPending}
                >
                  {t('console.fictional.remove_photo')}
                </button>
              </li>
            ))}
            <li className={x.photo}>
              <label className={x.upload}>
                {add.isPending ? t('console.fictional.uploading') : t('console.fictional.add_photo')}
                <input
                  className={x.hiddenInput}
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  disabled={add.isPending}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) add.mutate(file);
                    e.target.value = '';
                  }}
                />
              </label>
            </li>
          </ul>
        </fieldset>
      )}

      <fieldset className={x.section}>
        <legend className={x.legend}>{t('console.fictional.persona')}</legend>
        <p className={s.muted}>{t('console.fictional.persona_hint')}</p>
        {admin ? (
          <textarea
            className={f.textarea}
            aria-label={t('console.fictional.persona')}
            maxLength={FICTIONAL_NOTE_MAX}
            value={draft.persona_note ?? ''}
            onChange={(e) => set('persona_note', e.target.value)}
          />
        ) : (
          <p className={x.note}>{profile?.persona_note || '–'}</p>
        )}
      </fieldset>

      {admin && (
        <div className={f.actions}>
          <button type="submit" className={`${button.primary} ${disabledState}`} disabled={save.isPending} aria-busy={save.isPending}>
            {profile ? t('console.fictional.save') : t('console.fictional.create')}
          </button>
        </div>
      )}
    </form>
  );
}
