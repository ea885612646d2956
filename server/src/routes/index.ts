import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authRoutes } from './auth.ts';
import { buildingRoutes } from './buildings.ts';
import { checkDepositRoutes } from './checkDeposit.ts';
import { checkRoutes } from './checks.ts';
import { feedbackRoutes } from './feedback.ts';
import { fileRoutes } from './files.ts';
import { itemRoutes } from './items.ts';
import { meterRoutes } from './meters.ts';
import { planRoutes } from './plan.ts';
import { providerRoutes } from './provider.ts';
import { serviceCallRoutes } from './serviceCalls.ts';
import { translateRoutes } from './translate.ts';

export function registerRoutes(app: FastifyInstance, ctx: AppContext): void {
  authRoutes(app, ctx);
  providerRoutes(app, ctx);
  fileRoutes(app, ctx);
  translateRoutes(app, ctx);
  buildingRoutes(app, ctx);
  serviceCallRoutes(app, ctx);
  meterRoutes(app, ctx);
  itemRoutes(app, ctx);
  planRoutes(app, ctx);
  checkRoutes(app, ctx);
  checkDepositRoutes(app, ctx);
  feedbackRoutes(app, ctx);
}
