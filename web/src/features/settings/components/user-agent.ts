/** The user-agent naming is core's (server mails name a device the same way): core/src/rules/user-agent.ts. */
export { describeUserAgent, type DeviceInfo } from '@pc/core/rules/user-agent';
