export interface CommentTask {
  index: number;
  owner: number;
  assignee: number;
}
export interface ScheduledComment extends CommentTask {
  author: number;
}
export interface CommentStream {
  user: number;
  comments: { task: string | null; at: number }[];
}
export interface SentComment extends ScheduledComment {
  id: string;
  uid: string;
  body: string;
  sentAt: number;
  status: number;
  answerMs: number;
  detail: string;
}

export function commentSchedule(tasks: CommentTask[], total: number): ScheduledComment[];
export function mostByOneAuthor(schedule: ScheduledComment[]): number;
export function commentDeliveries(
  sent: SentComment[],
  streams: CommentStream[],
  order?: Map<string, string[]>,
): { latencies: number[]; lost: number; unexplained: number; notEntitled: number; anyThread: number };
export function firstAtLeast(prefixMax: number[], seq: number): number;
