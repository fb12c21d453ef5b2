/** The label of the action that takes a change back (a delete's toast, a move), everywhere alike. */
export const UNDO_LABEL = 'Undo';
