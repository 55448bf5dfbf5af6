-- The dashboard's counts of leads (ADR 059), mirrored by each party's room: members who asked to host
-- a party of their own, and members who asked about joining the team. Existing parties start at 0.
ALTER TABLE `parties` ADD `booking_leads` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `parties` ADD `team_leads` integer DEFAULT 0 NOT NULL;