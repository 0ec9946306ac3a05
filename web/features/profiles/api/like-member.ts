import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberCard, MemberProfile } from '../../../../worker/contracts/profiles';
import { updateLikes } from '../../../lib/calls/get-likes';
import { likeChanged, withoutMember } from '../../../lib/likes';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';
import { updateMember } from './get-member';

/** POST /api/like.php {id} likes (idempotent; a match when they liked me too), DELETE takes it back. */
export const likeMember = (id: number, liked: boolean) =>
  (liked ? api.post('/api/like.php', { id }) : api.delete('/api/like.php', { id })).then(dataOf);

/** The card the likes keep for a member seen on their profile. */
export function cardOf(p: MemberProfile): MemberCard {
  const main = p.photos.find((photo) => photo.main && photo.match);
  return {
    id: p.id,
    online: p.online,
    recently_active: p.recently_active,
    name: p.name,
    age: p.age ?? null,
    city: p.city ?? null,
    region: p.region ?? null,
    country: p.country ?? null,
    fictional: p.fictional,
    photo_count: p.photo_count,
    // others' photos a profile shows are active ones (spec section 3: a card's main_image)
    main_image: main?.match
      ? { filename: main.match, thumb_filename: main.thumb_filename ?? main.match, status: 'active', match: main.match }
      : null,
  };
}

/** Like or unlike a profile: the profile and the likes show the server's answer; a 404 (blocked, deleted) drops the member from the likes. */
export function useLikeMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ profile, liked }: { profile: MemberProfile; liked: boolean }) => likeMember(profile.id, liked),
    onSuccess: async (answer, { profile }) => {
      updateMember(client, profile.id, { liked: answer.liked });
      await updateLikes(client, likeChanged(cardOf(profile), answer.liked));
    },
    onError: async (failure, { profile }) => {
      if (failure.status === 404) await updateLikes(client, withoutMember(profile.id));
    },
  });
}
