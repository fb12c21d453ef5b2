/**
 * The name shown wherever a person's account was deleted: the author or a mentioned person of a
 * comment, the actor of an inbox entry or of a line of a task's history.
 */
export const FORMER_MEMBER_NAME = 'Former member';
