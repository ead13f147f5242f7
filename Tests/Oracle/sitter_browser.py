#!/usr/bin/env python3
"""A sitter opening a shared routine's link in a real browser: headless Chromium driven by
selenium through chromedriver (ARCHITECTURE.md §22).

sitter_browser.py URL SHOTS PLAN prints one JSON object of what the browser saw. PLAN is JSON:
{"edit": [[argv], ...], "revoke": [argv], "title": the title after the edit}; the commands are
the owner's, run at their moment. Screenshots at 390x844 and 1280x800 go to the folder SHOTS.
"""
import json
import subprocess
import sys
import time
from datetime import datetime, timedelta

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def browser(javascript=True, width=390, height=844):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={width},{height}"]:
        options.add_argument(flag)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def until(condition, seconds=20):
    end = time.time() + seconds
    while time.time() < end:
        try:
            if condition():
                return True
        except Exception:
            pass
        time.sleep(0.1)
    return False


def boxes(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#steps input[type=checkbox]")


def ticked(driver):
    return [b.get_attribute("data-step") for b in boxes(driver) if b.is_selected()]


def main():
    url, shots, plan = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    seen = {}
    driver = browser()
    try:
        driver.get(url)
        seen["ready"] = until(lambda: boxes(driver) and all(b.is_enabled() for b in boxes(driver)))
        seen["title"] = driver.find_element(By.ID, "title").text
        seen["owner"] = driver.find_element(By.CSS_SELECTOR, ".by").text
        seen["today"] = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#today li")]
        seen["week"] = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#week li")]
        seen["steps"] = [b.get_attribute("data-step") for b in boxes(driver)]
        # Each checkbox is inside the label that names it.
        seen["labelled"] = all(b.find_element(By.XPATH, "./ancestor::label").text.strip() != "" for b in boxes(driver))
        # The keyboard: Tab reaches the first step, Space ticks it.
        driver.execute_script("if (document.activeElement) { document.activeElement.blur(); }")
        ActionChains(driver).send_keys(Keys.TAB).perform()
        seen["firstFocus"] = driver.switch_to.active_element.get_attribute("data-step")
        driver.switch_to.active_element.send_keys(Keys.SPACE)
        boxes(driver)[1].click()
        seen["ticked"] = ticked(driver)
        seen["progress"] = driver.find_element(By.ID, "progress").text
        driver.save_screenshot(f"{shots}/sitter-390x844.png")
        seen["overflow390"] = driver.execute_script("return document.documentElement.scrollWidth > window.innerWidth")
        driver.set_window_size(320, 640)
        seen["overflow320"] = driver.execute_script("return document.documentElement.scrollWidth > window.innerWidth")
        driver.set_window_size(1280, 800)
        driver.save_screenshot(f"{shots}/sitter-1280x800.png")
        driver.set_window_size(390, 844)

        driver.refresh()
        until(lambda: all(b.is_enabled() for b in boxes(driver)))
        seen["afterReload"] = ticked(driver)

        # The browser's clock past its midnight: yesterday's ticks are gone.
        now = datetime.now()
        shift = (datetime(now.year, now.month, now.day) + timedelta(days=1, minutes=5) - now).total_seconds() * 1000
        script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            (function () {
              var Real = Date, shift = %d;
              function Shifted(...a) { return a.length ? new Real(...a) : new Real(Real.now() + shift); }
              Shifted.prototype = Real.prototype;
              Shifted.now = function () { return Real.now() + shift; };
              Shifted.UTC = Real.UTC; Shifted.parse = Real.parse;
              window.Date = Shifted;
            })();
            """ % shift})
        driver.refresh()
        until(lambda: all(b.is_enabled() for b in boxes(driver)))
        seen["pastMidnight"] = ticked(driver)
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
        driver.refresh()
        until(lambda: all(b.is_enabled() for b in boxes(driver)))
        boxes(driver)[0].click()
        seen["tickedAgain"] = ticked(driver)

        # The owner edits the routine: the open page follows without a reload, keeping the tick.
        marker = driver.execute_script("window.boardMarker = 1; return window.boardMarker")
        for command in plan["edit"]:
            subprocess.run(command, check=True, capture_output=True)
        seen["followed"] = until(lambda: driver.find_element(By.ID, "title").text == plan["title"], seconds=30)
        seen["sameDocument"] = driver.execute_script("return window.boardMarker") == marker
        seen["titleAfter"] = driver.find_element(By.ID, "title").text
        seen["stepsAfter"] = [b.get_attribute("data-step") for b in boxes(driver)]
        seen["tickedAfter"] = ticked(driver)
        try:
            driver.switch_to.alert
            seen["alert"] = True
        except NoAlertPresentException:
            seen["alert"] = False

        # Revoked: the open page says so within the server's recheck, and a reload shows the line.
        subprocess.run(plan["revoke"], check=True, capture_output=True)
        seen["toldRevoked"] = until(lambda: driver.find_element(By.ID, "status").text != "", seconds=40)
        seen["status"] = driver.find_element(By.ID, "status").text
        driver.refresh()
        seen["revokedPage"] = driver.find_element(By.TAG_NAME, "body").text
    finally:
        driver.quit()
    json.dump(seen, sys.stdout)


def without_script(url):
    driver = browser(javascript=False)
    try:
        driver.get(url)
        return {
            "title": driver.find_element(By.ID, "title").text,
            "steps": [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#steps li")],
            "disabled": all(not b.is_enabled() for b in boxes(driver)),
            "today": [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#today li")],
        }
    finally:
        driver.quit()


if sys.argv[1] == "--no-script":
    json.dump(without_script(sys.argv[2]), sys.stdout)
else:
    main()
