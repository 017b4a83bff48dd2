-- A production base's own IANA time zone: its gate passes cover whole days on its clock
-- (contract/time-zone.ts). NULL: the buyer's zone, the service's TIME_ZONE setting.
ALTER TABLE production_bases ADD COLUMN time_zone text;
