import { z } from 'zod';
import { typeError } from './common.ts';
import { MSG_INVALID_PEER_ID } from './messages.ts';

/** PeerJS refuses any other id; an event id used as the host's peer id must pass. */
export const PEER_ID_PATTERN = /^[A-Za-z0-9]+([ _-][A-Za-z0-9]+)*$/;

export const peerIdSchema = z.string({ error: typeError }).regex(PEER_ID_PATTERN, MSG_INVALID_PEER_ID);
export type PeerId = z.infer<typeof peerIdSchema>;
