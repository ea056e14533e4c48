// Matrimony (docs/product/matrimony.md): a member's own listing, the dashboard's lists and
// the actions on other profiles. Paths and shapes: core's api/matrimony.ts. What nobody may see
// answers the same 404 as what does not exist; phone and address leave only in MyProfile and in a
// FullProfile / MatchCard whose request the owner accepted and has not revoked. Who may call each
// route: policy.ts; the routes, one plugin per capability, beside it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptUploads } from '../../platform/upload.ts';
import browseRoutes from './browse-routes.ts';
import { matrimonyInboxPeople } from './inbox-people.ts';
import listingRoutes from './listing-routes.ts';
import { matrimonyMemberData } from './member-data.ts';
import photoRoutes from './photo-routes.ts';
import { matrimonyPhotoAccess } from './photos.ts';
import { keepAccountDob } from './profile.ts';
import requestRoutes from './request-routes.ts';
import safetyRoutes from './safety-routes.ts';
import staffRoutes from './staff-routes.ts';

const matrimonyRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app);
  app.registry.addFileAccess('matrimony', matrimonyPhotoAccess);
  app.registry.addMemberData(matrimonyMemberData);
  app.registry.addInboxPeople('matrimony', matrimonyInboxPeople);
  keepAccountDob(app);
  await app.register(staffRoutes);
  await app.register(listingRoutes);
  await app.register(photoRoutes);
  await app.register(browseRoutes);
  await app.register(requestRoutes);
  await app.register(safetyRoutes);
};

export default matrimonyRoutes;
