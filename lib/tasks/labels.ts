/**
 * Labels (docs/product.md#labels, docs/decisions/0023-checklists-and-labels.md): a name and a colour from
 * a fixed palette. A task stores the ids of its labels (`labels`); the set itself is the browser's own in
 * the default mode and the team's with team sync on. Pure.
 */

export type LabelColor = string;

export type Label = { id: string; name: string; color: LabelColor };
