import { feeSplit, platformFeeCents } from './payments';

describe('feeSplit: the fee shown before hiring is the fee taken at release', () => {
  it('rounds each amount down on its own, as each milestone is released', () => {
    // $0.15 + $0.15 at 10 %: 1 cent each (1.5 rounded down), not 3 cents on $0.30.
    expect(feeSplit([15, 15], 1000)).toEqual({ feeCents: 2, payoutCents: 28 });
    expect(feeSplit([30], 1000)).toEqual({ feeCents: 3, payoutCents: 27 });
  });

  it('adds up to what the releases of the same milestones take', () => {
    const milestones = [60_000, 90_001, 333];
    const released = milestones.map((m) => platformFeeCents(m, 1250)).reduce((a, b) => a + b, 0);
    expect(feeSplit(milestones, 1250)).toEqual({ feeCents: released, payoutCents: 150_334 - released });
  });

  it('is nothing without amounts or without a fee', () => {
    expect(feeSplit([], 1000)).toEqual({ feeCents: 0, payoutCents: 0 });
    expect(feeSplit([150_000], 0)).toEqual({ feeCents: 0, payoutCents: 150_000 });
  });
});
