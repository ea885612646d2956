// A building's gallery (spec 1 "image gallery"): the photos of its service calls (for those who may read
// them) and the images among the documents the user may see, newest first. The bytes load through
// /files/getImg, which applies the same rights.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { documents } from '../data/documents.ts';
import { serviceCallPhotosOfBuilding } from '../data/files.ts';
import { loadBuilding } from '../http/access.ts';
import { audienceOf } from '../http/documentAccess.ts';
import { authOf } from '../http/hooks.ts';
import { mayDo } from '../http/rights.ts';
import { buildingParams, paramsOf } from '../http/params.ts';

const LIMIT = 200;

export type GalleryItem = { fileId: string; source: 'serviceCall' | 'document'; title: string; createdAt: string };

export function galleryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.get('/api/binyan/buildings/:bid/gallery', { config: { right: 'gallery.read' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    const { companyId } = authOf(req);
    const photos = mayDo(req, 'serviceCalls.read') ? await serviceCallPhotosOfBuilding(db, companyId, building.id, LIMIT) : [];
    const docs = (await documents.ofBuilding(db, companyId, building.id, await audienceOf(db, req))).filter((d) => d.mimeType.startsWith('image/'));
    const items: GalleryItem[] = [
      ...photos
        .filter((p) => p.mimeType.startsWith('image/'))
        .map((p) => ({ fileId: p.id, source: 'serviceCall' as const, title: p.title, createdAt: p.createdAt })),
      ...docs.map((d) => ({ fileId: d.fileId, source: 'document' as const, title: d.title, createdAt: d.createdAt })),
    ];
    const unique = [...new Map(items.map((i) => [i.fileId, i])).values()];
    return { records: unique.sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)).slice(0, LIMIT) };
  });
}
