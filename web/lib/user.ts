import { createStore } from './store';

/** The member as GET /api/user.php answers it (contracts: accounts-api.md "Types", profiles-api.md "Own profile"). */
export type SignupStep = 'photo' | 'location' | 'personal' | 'about' | 'push' | 'confirm' | 'done';
export type PushPermission = 'granted' | 'denied' | 'default';
export type Sexuality = 'hetero' | 'gay' | 'lesbian' | 'bi';
export type User = {
  id: number;
  email: string;
  status: 'not_confirmed' | 'active';
  credits: number;
  paid_user: boolean;
  signup_date: string;
  notifications_disabled: string[];
  language: string;
  fictional_icon: boolean;
  signup_step: SignupStep;
  push_permission: PushPermission | null;
  profile: {
    id: number;
    name: string;
    gender: 'male' | 'female';
    sexuality: Sexuality | null;
    date_of_birth: string;
    age: number;
    country: string | null;
    region: string | null;
    city: string | null;
    about_me: string | null;
    hair_colour: string | null;
    eye_colour: string | null;
    body_type: string | null;
    relationship_status: string | null;
    tattoos: string | null;
    signup_reason: string | null;
    /** Interest ids of GET /api/interests.php; [] when none. */
    interests: string[];
    status: 'active' | 'disabled';
    main_image: null | { filename: string; thumb_filename: string; status: 'active' | 'pending'; match: string };
  };
};

/** 'loading' until the first GET /api/user.php has answered. */
export type Session = { status: 'loading'; user: null } | { status: 'out'; user: null } | { status: 'in'; user: User };

export const sessionStore = createStore<Session>({ status: 'loading', user: null });

export function setUser(user: User | null) {
  sessionStore.set(user ? { status: 'in', user } : { status: 'out', user: null });
}

/** Spec section 9: a deleted account can be reactivated for 14 days. */
export const DELETION_GRACE_DAYS = 14;
