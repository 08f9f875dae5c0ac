export { markUserSeen } from './presence';
export { presentUser } from './users.presenter';
export { queuesOfUsers, setUserQueues } from './user-queues.repository';
export { registerUsersRoutes } from './users.routes';
export { loadUserView } from './users.service';
