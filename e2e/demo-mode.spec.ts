import { expect, test } from "./fixtures";
import { LoginPage } from "./pages/login-page";

// The browser tests' server runs in demo mode (npm start without NODE_ENV=production).

test("in demo mode the login page lists the demo accounts, and one click signs in as one", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  const accounts = login.demoAccounts;
  await expect(accounts).toContainText("Every password is the username followed by -pass");
  for (const username of ["alice", "bob", "olga", "oscar", "sam", "ivan", "otto", "kasia", "piotr", "marta", "tomasz", "zofia", "jan"]) {
    await expect(accounts.getByRole("button", { name: `Fill in ${username}` })).toBeVisible();
  }
  await accounts.getByRole("button", { name: "Fill in olga" }).click();
  await expect(login.username).toHaveValue("olga");
  await expect(login.password).toHaveValue("olga-pass");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/console$/);
});

test("in demo mode the root is the mock bank page with the widget in it", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Online banking" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Demo bank page" })).toBeVisible();
  await expect(page.getByTitle("Northwind support chat")).toHaveAttribute("src", "/widget");
});
