import { rectifyConfusion } from 'unicode-confusables';

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The confusable skeleton of Unicode TR39 (section 4, internalSkeleton): NFD, default-ignorable code points
 * removed, each character replaced by its prototype from the confusables data, NFD again. Two strings
 * look alike when their skeletons are equal ('pаypal' with a Cyrillic 'а' and 'paypal'; 'rn' and 'm').
 * The prototypes come from the `unicode-confusables` package (Unicode's confusables.txt as data).
 */
export function skeleton(value: string): string {
  return rectifyConfusion(value.normalize('NFD').replace(DEFAULT_IGNORABLE, '')).normalize('NFD');
}

/**
 * What makes two usernames one (DECISIONS 24), kept unique by the `users_username_skeleton_unique` index:
 * names that look alike in any case share this key. Case and look-alikes are folded together — upper
 * case, skeleton, lower case, skeleton — because the confusables cross case: a capital 'I' looks like a
 * small 'L' ('AdmIn', 'Admln'), and Cyrillic capitals spell 'ADMIN' ('АDMІN' is 'admin' in other clothes).
 */
export const usernameSkeleton = (username: string) => skeleton(skeleton(username.toUpperCase()).toLowerCase());
