import type { GeocodeAnswer } from '../../worker/contracts/site';
import { api } from './request';

export type Geocode = Exclude<GeocodeAnswer, false>;
/** Spec section 4: unsupported, unknown, or the browser's own state. */
export type GeoPermission = 'unsupported' | 'unknown' | PermissionState;

const PERMISSION_KEY = 'geolocation-permission';
const GEOCODE_KEY = 'geocode';
/** Spec section 9: a position up to an hour old will do. */
export const GEOLOCATION_MAX_AGE = 3_600_000;

function remember(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage blocked: asked again next time */
  }
}

/** Reads the browser's permission state where the Permissions API exists, and keeps it. */
export async function geoPermission(): Promise<GeoPermission> {
  if (!('geolocation' in navigator)) return 'unsupported';
  let state: GeoPermission = 'unknown';
  try {
    state = (await navigator.permissions.query({ name: 'geolocation' })).state;
  } catch {
    /* no Permissions API (older Safari): unknown until asked */
  }
  remember(PERMISSION_KEY, state);
  return state;
}

const position = () =>
  new Promise<GeolocationPosition>((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { maximumAge: GEOLOCATION_MAX_AGE, timeout: 15_000 }),
  );

/**
 * The member's country, region and city from the browser's position and GET /api/geocode.php;
 * null when refused, unsupported or outside the site's countries. The answer is kept in 'geocode'.
 */
export async function locate(): Promise<Geocode | null> {
  if (!('geolocation' in navigator)) return null;
  let coords: GeolocationCoordinates;
  try {
    coords = (await position()).coords;
  } catch (error) {
    if ((error as GeolocationPositionError).code === 1) remember(PERMISSION_KEY, 'denied');
    return null;
  }
  remember(PERMISSION_KEY, 'granted');
  const lat = coords.latitude.toFixed(2);
  const lon = coords.longitude.toFixed(2);
  const res = await api.get(`/api/geocode.php?lat=${lat}&lon=${lon}`);
  const found = res.ok && res.data ? res.data : null;
  // a refused lookup (429 slow_down, a network error) says nothing about the place: not kept
  if (res.ok) remember(GEOCODE_KEY, JSON.stringify(found ?? false));
  return found;
}
