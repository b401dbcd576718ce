CREATE TABLE "schedule_conflict_acks" (
	"service_date" date NOT NULL,
	"conflict_key" text NOT NULL,
	"acknowledged_by" integer NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_conflict_acks_pk" PRIMARY KEY("service_date","conflict_key")
);
