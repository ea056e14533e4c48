-- One date of birth per member: a matrimony listing's (which staff verified) becomes the account's
-- where the two differ. From now on saving the listing sets the account's, and Manage Profile may not
-- set another while a listing holds one (features/matrimony/profile.ts, keepAccountDob).
UPDATE "user" SET "dob" = "matrimony_profile"."dob"
  FROM "matrimony_profile"
  WHERE "matrimony_profile"."id" = "user"."id" AND "user"."dob" IS DISTINCT FROM "matrimony_profile"."dob";
