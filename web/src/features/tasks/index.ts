/**
 * Public face of the tasks feature (decision 042): other features and app/ import only this file.
 * Tasks for humans the assistant created: the task list shown by the dashboard and the employee chat.
 */
export { TaskList } from './components/task-list';
