/** The comments' texts (docs/product.md#comments). */
export const COMMENTS_TEXTS = {
  heading: 'Comments',
  loading: 'Loading comments…',
  empty: 'No comments yet.',
  /** Instead of the box, on an archived project's task. */
  archived: 'This project is archived: its tasks take no new comments until a manager restores it.',
  write: 'Write a comment',
  send: 'Comment',
  sending: 'Sending…',
  edited: 'edited',
  deleted: 'Comment deleted',
  edit: 'Edit',
  editLabel: 'Edit comment',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteTitle: 'Delete comment',
  deleteBody: 'Its text is erased for everyone who sees this task. This cannot be undone.',
  sendFailed: 'Could not send the comment',
  discard: 'Discard',
  notSent: (message: string) => `Not sent: ${message}`,
  mentionHint: 'Type @ to mention someone who sees this task.',
  mentionList: 'People to mention',
  saveFailed: 'Could not save the comment',
  deleteFailed: 'Could not delete the comment',
  /** Before the time the thread was last read here (RelativeTime), while the server cannot be reached. */
  cached: 'Offline: the comments as read here',
} as const;
