// Member data in tables no server feature owned yet. Matrimony (features/matrimony) and push
// (features/notifications) now register their own parts; the list stays for the next table that
// has no feature of its own: accounts registers it so the export stays complete and a deleted
// account leaves nothing behind. This is the only file of accounts that may read another
// feature's tables.
import type { MemberDataPart } from '../../platform/registry.ts';

export const UNCLAIMED_PARTS: MemberDataPart[] = [];
