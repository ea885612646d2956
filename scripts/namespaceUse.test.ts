import { describe, expect, it } from 'vitest';
import { namespacesUsedBy } from './namespaceUse';

const names = ['polls', 'gates', 'common', 'tenantRoom'];

describe('the namespaces a module shows', () => {
  it('finds a namespace by its useTranslation, a key with its prefix, an ns option or a list of namespaces', () => {
    expect(namespacesUsedBy(`const { t } = useTranslation("polls");`, names)).toEqual(['polls']);
    expect(namespacesUsedBy(`useTranslation(["gates", "common"]);`, names)).toEqual(['gates', 'common']);
    expect(namespacesUsedBy('translate(`tenantRoom:title`)', names)).toEqual(['tenantRoom']);
    expect(namespacesUsedBy(`i18n.t("title", { ns: 'gates' })`, names)).toEqual(['gates']);
    expect(namespacesUsedBy(`export const frame = ['polls'];`, names)).toEqual(['polls']);
  });

  it('does not take a route id, a longer name or an unrelated word for a namespace', () => {
    expect(namespacesUsedBy(`{ id: "polls", path: "/polls/:bid?", screen }`, names)).toEqual([]);
    expect(namespacesUsedBy(`{\n\tid: 'tenantRoom',\n\tright: "rooms.use" }`, names)).toEqual([]);
    expect(namespacesUsedBy(`const kind = 'gatesOpen'; const note = 'common sense';`, names)).toEqual([]);
  });

  it('still counts a namespace named beside a route id', () => {
    expect(namespacesUsedBy(`{ id: 'polls', title: t('polls') }`, names)).toEqual(['polls']);
  });
});
