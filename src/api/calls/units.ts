// The unit list (buildings) of the signed-in company (spec section 7: GET /pos/building/units).
import type { Building } from '../../lib/domain/entities';
import type { ApiClient, RequestOptions } from '../client';

export async function getUnits(client: ApiClient, opts: Omit<RequestOptions, 'prefix'> = {}): Promise<Building[]> {
  const answer = await client.request<{ records: Building[] }>('GET', 'pos/building/units', undefined, { ...opts, prefix: false });
  return answer.records;
}
