-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "logoUrl" TEXT;
