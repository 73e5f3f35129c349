// Compile-time only (typechecked, never bundled): the package spells its public names out in ./types so its
// declarations stand alone; a rename in the contract (shared/src/contracts/partners.ts CHAT_EMBED) fails here.
import type { CHAT_EMBED } from '../../shared/src/contracts/chatEmbed';
import type { SciexpertsChatCssProperty, SciexpertsChatEventMap } from './types';

type Check<T extends true> = T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Values<T> = T[keyof T];

export type ContractCheck = [
  Check<Same<keyof SciexpertsChatEventMap, Values<typeof CHAT_EMBED.events>>>,
  Check<Same<SciexpertsChatCssProperty, Values<typeof CHAT_EMBED.cssProperties>>>,
  Check<Same<'sciexperts-chat', typeof CHAT_EMBED.element>>,
];
