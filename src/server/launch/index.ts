/** What the launch area offers the rest of the server: the check of the token a launch hands the simulator. */
export { verifyLaunchToken, type VerifiedLaunch } from './launch-token.ts';
