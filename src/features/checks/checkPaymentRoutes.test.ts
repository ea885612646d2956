import { describe, expect, it } from 'vitest';
import { check, fillTarget, group, imageCheck, start, toCapture, toFillingWith } from './testing/paymentFlow';

describe('check payment: following the routes', () => {
  it('loading the fill list replaces the whole list', async () => {
    const t = start({ fillList: [group('a', 1), group('b', 2)] });
    t.actor.send({ type: 'route.groups' });
    await t.until('groups');
    expect(t.ctx().groups.map((g) => g.ChecksHeaderGuid)).toEqual(['a', 'b']);
    const t2 = await toFillingWith([100], { fillList: [group('x', 5)] });
    t2.actor.send({ type: 'route.groups' });
    await t2.until('groups');
    expect(t2.ctx().groups.map((g) => g.ChecksHeaderGuid)).toEqual(['x']);
  });

  it('a deep link to a group loads it; an unknown one is "could not load the check"', async () => {
    const t = start({ fillList: [group('g1', 350, [check('c', 'g1', 350)])] });
    t.actor.send({ type: 'route.fill', groupGuid: 'g1' });
    await t.until('filling');
    expect(t.ctx().groupGuid).toBe('g1');
    t.actor.send({ type: 'route.fill', groupGuid: 'missing' });
    await t.until('notFound');
    expect(t.ctx().errorKey).toBe('errors:couldNotLoadCheck');
  });

  it('the screen of the step already shown changes nothing', async () => {
    const t = await toCapture();
    t.actor.send({ type: 'route.capture', target: fillTarget('new-group') });
    expect(t.matches('capturing.choosing')).toBe(true);
    await imageCheck(t, 770.5);
    t.actor.send({ type: 'route.fill', groupGuid: 'new-group' });
    expect(t.matches('filling')).toBe(true);
    t.actor.send({ type: 'fill.review' });
    t.actor.send({ type: 'route.fill', groupGuid: 'new-group' });
    expect(t.matches('review.ready')).toBe(true);
  });

  it('a deep link to the capture screen loads the group first', async () => {
    const t = start({ fillList: [group('g1', 350)] });
    t.actor.send({ type: 'route.capture', target: fillTarget('g1') });
    await t.until('capturing.choosing');
    expect(t.ctx().capture).toEqual(fillTarget('g1'));
  });
});
