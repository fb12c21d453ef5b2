import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { BoardFilterControl } from './board-filter';

/** The radio inputs of `html`, each with its value, checked state and the label text after it. */
function radios(html: string) {
  return [...html.matchAll(/<input type="radio"([^>]*)\/><span[^>]*>([^<]*)<\/span>/g)].map(
    ([, attributes = '', label]) => ({
      value: /value="(\w*)"/.exec(attributes)?.[1],
      checked: attributes.includes('checked=""'),
      label,
    }),
  );
}

describe('BoardFilterControl (on the shared SegmentedChoice)', () => {
  it("keeps its group name and the options' names, 'Mine ({n})' and 'All ({n})', with the chosen one checked", () => {
    const html = renderToStaticMarkup(
      <BoardFilterControl value="all" counts={{ mine: 1, all: 3 }} onChange={() => {}} />,
    );
    expect(html).toContain('<legend class="sr-only">Tasks on the board</legend>');
    expect(radios(html)).toEqual([
      { value: 'mine', checked: false, label: 'Mine (1)' },
      { value: 'all', checked: true, label: 'All (3)' },
    ]);
    const mine = renderToStaticMarkup(
      <BoardFilterControl value="mine" counts={{ mine: 0, all: 2 }} onChange={() => {}} />,
    );
    expect(radios(mine).map((radio) => radio.checked)).toEqual([true, false]);
  });
});
